import { useEffect, useState } from 'react';
import { CAROUSEL_MS } from '../../../../shared/constants';
import { TAGLINE } from '../../../components/brand';
import { cn } from '../../../lib/cn';

const SLIDES = [
  {
    src: '/carousel-learn.svg',
    alt: 'Illustration: a learner at a laptop following a course, with lesson progress and a certificate',
    caption: 'Learn from tutors and mentors, at your own pace.',
  },
  {
    src: '/carousel-earn.svg',
    alt: 'Illustration: a mentor and a professional on a video call next to a growing earnings chart',
    caption: 'Earn from jobs and gigs, and grow with a mentor.',
  },
] as const;

/** Large screens only (spec section 2): two images that change every 4 seconds. */
export function AuthCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), CAROUSEL_MS);
    return () => clearInterval(id);
  }, []);

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
          aria-hidden={i !== index}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-1000',
            i === index ? 'opacity-100' : 'opacity-0',
          )}
        />
      ))}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-10 pt-24 text-white">
        <p className="text-3xl font-semibold tracking-tight">{TAGLINE}</p>
        <p aria-live="off" className="mt-2 text-base text-white/85">
          {SLIDES[index]!.caption}
        </p>
        <div className="mt-5 flex gap-2" aria-hidden="true">
          {SLIDES.map((slide, i) => (
            <span
              key={slide.src}
              className={cn('h-1.5 rounded-full transition-all', i === index ? 'w-8 bg-white' : 'w-4 bg-white/40')}
            />
          ))}
        </div>
      </div>
    </aside>
  );
}
