import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { TPortfolioItem } from '#shared/talent/talent.schemas';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { cn } from '#client/lib/cn';

/** How far, in CSS pixels, a finger or pointer must travel sideways to count as a swipe. */
const SWIPE_PX = 40;

interface PortfolioGalleryProps {
  item: TPortfolioItem;
  /** The image shown, or null when the gallery is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/**
 * A portfolio item's images full screen (issue 14: "portfolio gallery (keyboard and swipe)").
 * Radix's modal Dialog traps focus and closes on Escape; focus returns to the thumbnail that
 * opened it. ←/→ and a sideways swipe (pointer events: touch, pen and mouse alike) move between
 * images, stopping at either end.
 */
export function PortfolioGallery({ item, index, onIndexChange }: PortfolioGalleryProps) {
  const open = index !== null;
  const returnFocus = useReturnFocus(open);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);
  const count = item.images.length;
  const at = Math.min(index ?? 0, count - 1);
  const image = item.images[at];
  const go = (to: number) => {
    if (to >= 0 && to < count) onIndexChange(to);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(at - 1);
    else if (e.key === 'ArrowRight') go(at + 1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    // Mostly sideways, far enough: a vertical drag scrolls the description instead.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(e.clientY - from.y)) return;
    go(dx < 0 ? at + 1 : at - 1);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => onIndexChange(o ? at : null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          aria-describedby={item.description ? 'gallery-description' : undefined}
        >
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <Dialog.Title className="min-w-0 truncate text-base font-semibold">{item.title}</Dialog.Title>
            <div className="flex shrink-0 items-center gap-3">
              <p className="text-sm tabular-nums text-zinc-300" aria-live="polite" data-testid="gallery-counter">
                {at + 1} of {count}
              </p>
              <Dialog.Close className={iconButton} aria-label="Close gallery">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-16"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeFrom.current = null)}
          >
            {image ? (
              <img
                key={image.id}
                src={image.url}
                srcSet={image.srcset ?? undefined}
                sizes="100vw"
                alt={`${item.title}, image ${at + 1} of ${count}`}
                draggable={false}
                className="h-full w-full object-contain"
              />
            ) : null}
            <button
              type="button"
              className={cn(iconButton, 'absolute top-1/2 left-2 -translate-y-1/2')}
              onClick={() => go(at - 1)}
              disabled={at === 0}
              aria-label="Previous image"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              className={cn(iconButton, 'absolute top-1/2 right-2 -translate-y-1/2')}
              onClick={() => go(at + 1)}
              disabled={at >= count - 1}
              aria-label="Next image"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </div>
          {item.description ? (
            <p
              id="gallery-description"
              className="mx-auto max-h-32 w-full max-w-3xl overflow-y-auto px-4 py-3 text-sm whitespace-pre-line text-zinc-200"
            >
              {item.description}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-zinc-900/70 text-white hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-30';
