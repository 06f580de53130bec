import type { ReactNode } from "react";
import { Guitar, MicVocal, Piano, Star } from "lucide-react";
import { cn } from "../../lib/cn";

/** Purely decorative: a stave with notes and instrument chips, drawn with SVG and icons (no images). */
export function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-md">
      <div className="absolute inset-6 rotate-3 rounded-[2.5rem] bg-brand-100" />
      <div className="absolute inset-6 -rotate-2 overflow-hidden rounded-[2.5rem] bg-gradient-to-br from-brand-600 to-brand-800 shadow-2xl shadow-brand-700/30">
        <svg viewBox="0 0 400 400" className="absolute inset-0 size-full text-white" fill="none">
          <g stroke="currentColor" strokeOpacity="0.35" strokeWidth="2">
            {[150, 170, 190, 210, 230].map((y) => (
              <line key={y} x1="0" x2="400" y1={y} y2={y} />
            ))}
          </g>
          <g fill="currentColor" fillOpacity="0.9">
            <ellipse cx="90" cy="220" rx="13" ry="10" transform="rotate(-20 90 220)" />
            <ellipse cx="160" cy="200" rx="13" ry="10" transform="rotate(-20 160 200)" />
            <ellipse cx="230" cy="180" rx="13" ry="10" transform="rotate(-20 230 180)" />
            <ellipse cx="300" cy="200" rx="13" ry="10" transform="rotate(-20 300 200)" />
          </g>
          <g stroke="currentColor" strokeOpacity="0.9" strokeWidth="3">
            <line x1="102" x2="102" y1="216" y2="150" />
            <line x1="172" x2="172" y1="196" y2="130" />
            <line x1="242" x2="242" y1="176" y2="110" />
            <line x1="312" x2="312" y1="196" y2="130" />
          </g>
          <path d="M102 150 L172 130" stroke="currentColor" strokeOpacity="0.9" strokeWidth="8" />
          <path d="M242 110 L312 130" stroke="currentColor" strokeOpacity="0.9" strokeWidth="8" />
          <circle cx="340" cy="60" r="90" fill="currentColor" fillOpacity="0.06" />
          <circle cx="40" cy="360" r="110" fill="currentColor" fillOpacity="0.06" />
        </svg>
      </div>
      <Chip className="top-2 left-0">
        <Piano className="size-6" />
      </Chip>
      <Chip className="top-1/3 -right-2">
        <Guitar className="size-6" />
      </Chip>
      <Chip className="bottom-4 left-8">
        <MicVocal className="size-6" />
      </Chip>
      <div className="absolute right-10 bottom-0 flex items-center gap-1 rounded-2xl bg-white px-4 py-3 shadow-xl ring-1 ring-slate-200">
        {[0, 1, 2, 3, 4].map((i) => (
          <Star key={i} className="size-4 fill-amber-400 text-amber-400" />
        ))}
      </div>
    </div>
  );
}

function Chip({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={cn("absolute flex size-14 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-xl ring-1 ring-slate-200", className)}>
      {children}
    </div>
  );
}
