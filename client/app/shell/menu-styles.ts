export const menuContentClass =
  'z-50 min-w-44 rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900';

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-2 py-2 text-zinc-800 outline-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white';
