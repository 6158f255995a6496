// Home banner carousel: 5 slides, advances every 5 s, previous / next / dot controls, a pause
// button (WCAG 2.2.2), pauses while hovered or focused, and never auto-advances for users who ask
// for reduced motion. Only the first slide's image comes with the page (the prerendered HTML shows
// no other slide); each next one is fetched while the slide before it shows.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { publicHome } from '@/lib/messages/public-home.ts';
import { publicAsset } from '@/features/public-site/public-asset.ts';

export const CAROUSEL_INTERVAL_MS = 5000;
/** How long a slide shows before the next slide's image is fetched (well before it is shown). */
const NEXT_IMAGE_DELAY_MS = CAROUSEL_INTERVAL_MS / 2;

const t = publicHome.carousel;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const list = window.matchMedia?.(REDUCED_MOTION);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** The user's preference; false in the prerendered HTML and while hydrating it, then the real value. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches === true, () => false);
}

function ArrowButton({ label, onClick, children, side }: { label: string; onClick: () => void; children: ReactNode; side: 'left' | 'right' }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
    >
      {children}
    </button>
  );
}

export function Carousel() {
  const slides = t.slides;
  const total = slides.length;
  const [index, setIndex] = useState(0);
  // The last slide whose image may load: the first from the HTML, the others one by one.
  const [reach, setReach] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = !stopped && !reducedMotion;
  const paused = !playing || hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % total), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, index, total]);

  useEffect(() => {
    const next = Math.min(index + 1, total - 1);
    const timer = setTimeout(() => setReach((current) => Math.max(current, next)), NEXT_IMAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [index, total]);

  const go = (next: number) => {
    const target = ((next % total) + total) % total;
    setReach((current) => Math.max(current, target));
    setIndex(target);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t.label}
      className="relative overflow-hidden bg-slate-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
      }}
      data-testid="carousel"
      data-paused={paused ? 'true' : 'false'}
    >
      <div aria-live={playing ? 'off' : 'polite'} className="relative aspect-[4/3] sm:aspect-[12/5]">
        {slides.map((slide, slideIndex) => {
          const active = slideIndex === index;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t.slideLabel(slideIndex + 1, total)}
              aria-hidden={!active}
              inert={!active}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'opacity-0'}`}
              data-active={active ? 'true' : 'false'}
            >
              {slideIndex <= reach ? (
                <img
                  src={publicAsset(slide.image)}
                  alt={slide.alt}
                  className="absolute inset-0 size-full object-cover"
                  width={1200}
                  height={500}
                  {...(slideIndex === 0 ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
                />
              ) : null}
              <div className="absolute inset-0 bg-slate-950/75 sm:bg-transparent sm:bg-gradient-to-r sm:from-slate-950/80 sm:via-slate-950/50 sm:to-transparent" />
              <div className="relative flex h-full max-w-xl flex-col justify-center gap-3 px-14 text-white sm:px-16">
                <h2 className="text-2xl leading-tight font-bold sm:text-4xl">{slide.title}</h2>
                <p className="text-sm text-slate-100 sm:text-lg">{slide.text}</p>
                <p>
                  <Link
                    to={slide.cta.to}
                    className="inline-flex h-10 items-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-300"
                  >
                    {slide.cta.label}
                  </Link>
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <ArrowButton label={t.previous} onClick={() => go(index - 1)} side="left">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="m15 18-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ArrowButton>
      <ArrowButton label={t.next} onClick={() => go(index + 1)} side="right">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="m9 18 6-6-6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ArrowButton>
      <div className="absolute inset-x-0 bottom-3 z-10 flex items-center justify-center gap-2">
        <button
          type="button"
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? t.play : t.pause}
          className="inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
            {stopped ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
          </svg>
        </button>
        {slides.map((slide, slideIndex) => (
          <button
            key={slide.image}
            type="button"
            onClick={() => go(slideIndex)}
            aria-label={t.goTo(slideIndex + 1)}
            aria-current={slideIndex === index ? 'true' : undefined}
            className="inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
          >
            <span className={`block h-2.5 rounded-full transition-all ${slideIndex === index ? 'w-6 bg-amber-400' : 'w-2.5 bg-white/80'}`} />
          </button>
        ))}
      </div>
    </section>
  );
}
