/**
 * Online payment is pluggable: a provider starts a payment of what an invoice owes and sends the family
 * to its page. None is registered by default, so a school cannot switch one on until a provider is
 * built and registered here; the school's settings name the one it uses (fee_settings.online_provider).
 */
export interface PaymentProviderInvoice {
  id: string;
  number: string;
  schoolId: string;
  accountId: string;
  /** What it still owes, in minor units. */
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: string;
  start(invoice: PaymentProviderInvoice, returnUrl: string): Promise<{ redirect_url: string }>;
}

const providers = new Map<string, PaymentProvider>();

export function registerPaymentProvider(provider: PaymentProvider): () => void {
  providers.set(provider.name, provider);
  return () => {
    if (providers.get(provider.name) === provider) providers.delete(provider.name);
  };
}

export const paymentProvider = (name: string | null | undefined): PaymentProvider | null =>
  name ? (providers.get(name) ?? null) : null;
export const paymentProviderNames = (): string[] => [...providers.keys()].sort();
