import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#shared/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to the 5 s of docs/spec.md §9. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: number;
}

export interface ToastStore {
  show(input: ToastInput): number;
  dismiss(id?: number): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}

/** docs/spec.md §9: one toast at a time; a new one replaces the one on screen. */
export function createToastStore(limit = TOAST_LIMIT, defaultDuration = TOAST_DURATION_MS): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((l) => l());

  function clearTimer(id: number) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  }

  function dismiss(id?: number) {
    const leaving = id === undefined ? toasts : toasts.filter((t) => t.id === id);
    if (leaving.length === 0) return;
    leaving.forEach((t) => clearTimer(t.id));
    toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
    emit();
  }

  function show(input: ToastInput): number {
    const toast: Toast = { variant: 'default', ...input, id: nextId++ };
    const kept = [toast, ...toasts].slice(0, limit);
    toasts.filter((t) => !kept.includes(t)).forEach((t) => clearTimer(t.id));
    toasts = kept;
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), input.duration ?? defaultDuration),
    );
    emit();
    return toast.id;
  }

  return {
    show,
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}

const store = createToastStore();

export const toast = (input: ToastInput) => store.show(input);
export const dismissToast = (id?: number) => store.dismiss(id);

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
