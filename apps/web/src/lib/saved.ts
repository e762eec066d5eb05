import { toast } from './notify';

/**
 * A save's success: its message, then what follows (the modal closes, the selection clears). For a
 * mutation's `onSuccess`.
 */
export const toastThen =
  (message: string, then: () => void): (() => void) =>
  () => {
    toast.success(message);
    then();
  };
