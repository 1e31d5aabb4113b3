import { useEffect, useState } from 'react';
import { CAROUSEL_MS } from '#shared/constants';
import { TAGLINE } from '#client/components/brand';
import { cn } from '#client/lib/cn';
// Hashed files under /assets (decision 083): the worker keeps them once seen, with no second
// download for its precache, and `loading="lazy"` leaves them unfetched where the aside is hidden.
import earn from '../assets/carousel-earn.svg?no-inline';
import learn from '../assets/carousel-learn.svg?no-inline';

const SLIDES = [
  {
    src: learn,
    alt: 'Illustration: a learner at a laptop following a course, with lesson progress and a certificate',
    caption: 'Learn from tutors and mentors, at your own pace.',
  },
  {
    src: earn,
    alt: 'Illustration: a mentor and a professional on a video call next to a growing earnings chart',
    caption: 'Earn from jobs and gigs, and grow with a mentor.',
  },
] as const;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Large screens only (docs/spec.md §2): two images that change every 4 seconds, with a pause
 * button (WCAG 2.2.2), and standing still for whoever asked the system for reduced motion.
 */
export function AuthCarousel() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !reducedMotion());
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), CAROUSEL_MS);
    return () => clearInterval(id);
  }, [playing]);

  return (
    <aside
      aria-label="Highlights"
      className="relative hidden w-[46%] max-w-3xl shrink-0 overflow-hidden bg-indigo-950 lg:block"
    >
      {SLIDES.map((slide, i) => (
        <img
          key={slide.src}
          src={slide.src}
          alt={slide.alt}
          loading="lazy"
          aria-hidden={i !== index}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-1000 motion-reduce:transition-none',
            i === index ? 'opacity-100' : 'opacity-0',
          )}
        />
      ))}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-10 pt-24 text-white">
        <p className="text-3xl font-semibold tracking-tight">{TAGLINE}</p>
        <p aria-live="off" className="mt-2 text-base text-white/85">
          {SLIDES[index]!.caption}
        </p>
        <div className="mt-5 flex items-center gap-4">
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? 'Pause the slideshow' : 'Play the slideshow'}
            className="flex size-9 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <PlayPauseIcon playing={playing} />
          </button>
          <div className="flex gap-2" aria-hidden="true">
            {SLIDES.map((slide, i) => (
              <span
                key={slide.src}
                className={cn(
                  'h-1.5 rounded-full transition-all motion-reduce:transition-none',
                  i === index ? 'w-8 bg-white' : 'w-4 bg-white/40',
                )}
              />
            ))}
          </div>
        </div>
      </div>
    </aside>
  );
}

/** Lucide's Pause and Play, drawn inline: the icon library's runtime is not worth two shapes here. */
function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
    >
      {playing ? (
        <>
          <rect x="14" y="3" width="5" height="18" rx="1" />
          <rect x="5" y="3" width="5" height="18" rx="1" />
        </>
      ) : (
        <path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />
      )}
    </svg>
  );
}
