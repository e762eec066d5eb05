/**
 * What a person did on the prerendered login page before the app was ready (recorded by
 * scripts/login-boot.js), done again on the app's own page as soon as it replaces the prerendered one:
 * the language chosen, the focus, and the button pressed. Nothing typed or clicked is lost.
 */
interface Target {
  tag: string;
  text: string;
  label: string | null;
}
interface PrerenderInput {
  click?: Target;
  change?: Target & { value: string };
  focus?: Target;
}

declare global {
  interface Window {
    cuePrerenderInput?: PrerenderInput;
  }
}

const find = (root: HTMLElement, target: Target): HTMLElement | undefined =>
  [...root.querySelectorAll<HTMLElement>(target.tag)].find(
    (element) => element.textContent?.trim() === target.text && element.getAttribute('aria-label') === target.label,
  );

export function replayPrerenderInput(root: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (root.querySelector('.cue-prerendered')) return;
    observer.disconnect();
    const input = window.cuePrerenderInput;
    window.cuePrerenderInput = undefined;
    if (!input) return;
    if (input.change) {
      const select = find(root, input.change);
      if (select instanceof HTMLSelectElement && select.value !== input.change.value) {
        select.value = input.change.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
    if (input.focus) find(root, input.focus)?.focus();
    if (input.click) find(root, input.click)?.click();
  });
  observer.observe(root, { childList: true });
}
