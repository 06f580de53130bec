import { Check, Compass, LayoutDashboard, RotateCw, type LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn";
import { SectionContainer } from "./section-container";

interface FlipCardContent {
  title: string;
  icon: LucideIcon;
  summary: string;
  features: string[];
}

/**
 * Only what the product does (decisions.md section 6): each line names a built feature. Not listed
 * because they are not built: student prospecting alerts, a scheduling assistant, payments or
 * invoicing (no payment is taken in the app), homework.
 */
const cards: FlipCardContent[] = [
  {
    title: "Discovering",
    icon: Compass,
    summary: "Find the right teacher and meet them first.",
    features: [
      "Search by instrument, place, distance, lesson type and rating",
      "Teacher profiles with intro videos and reviews from families",
      "Free 15-minute intro calls",
      "Booking requests each teacher accepts or declines",
    ],
  },
  {
    title: "Managing",
    icon: LayoutDashboard,
    summary: "Lessons, classes and progress in one place.",
    features: [
      "Single or weekly lessons in a calendar you can add to Google, Apple or Outlook",
      "Messages between families and teachers",
      "Classes with XP or grades, achievements and shared files",
      "Lesson statements: earnings for teachers, billing for families",
    ],
  },
];

export function FlipCards() {
  return (
    <section aria-labelledby="landing-features-title" className="py-16 sm:py-20">
      <SectionContainer>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="landing-features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            From first search to every lesson
          </h2>
          <p className="mt-4 text-lg text-slate-600">Hover, focus or tap a card to see what is included.</p>
        </div>
        <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          {cards.map((card) => (
            <FlipCard key={card.title} card={card} />
          ))}
        </ul>
      </SectionContainer>
    </section>
  );
}

/**
 * The back shows on hover (devices that can hover), on keyboard focus, and while the card's
 * checkbox is checked (tap, click, Space), so touch and keyboard users reach it too. All of it is
 * CSS: the cards need no JavaScript, so the page keeps them as the server's HTML (issue 43) and a
 * tap works before the app has loaded. Both faces stay in the accessibility tree: screen readers get
 * the whole list without having to flip anything. The faces share one grid cell, so the card is as
 * tall as its taller face at any width.
 */
function FlipCard({ card }: { card: FlipCardContent }) {
  const Icon = card.icon;

  return (
    <li className="group relative [perspective:1200px]">
      <input
        type="checkbox"
        aria-label={`Show ${card.title} features`}
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-3xl"
      />
      <div
        className={cn(
          "grid h-full transition-transform duration-700 ease-out [transform-style:preserve-3d] motion-reduce:transition-none",
          // Written out in full so Tailwind's scanner sees each class.
          "group-hover:[transform:rotateY(180deg)] peer-focus-visible:[transform:rotateY(180deg)] peer-checked:[transform:rotateY(180deg)]",
        )}
      >
        <div className="flex min-h-72 flex-col rounded-3xl bg-white p-8 ring-1 ring-slate-200 shadow-sm [backface-visibility:hidden] [grid-area:1/1]">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-6 text-2xl font-bold text-slate-900">{card.title}</h3>
          <p className="mt-2 text-slate-600">{card.summary}</p>
          <p aria-hidden="true" className="mt-auto flex items-center gap-2 pt-6 text-sm font-medium text-brand-700">
            <RotateCw className="size-4" />
            See what is included
          </p>
        </div>
        <div className="flex min-h-72 flex-col rounded-3xl bg-brand-600 p-8 text-white shadow-lg [backface-visibility:hidden] [grid-area:1/1] [transform:rotateY(180deg)]">
          <p aria-hidden="true" className="flex items-center gap-3 text-xl font-bold">
            <Icon className="size-6" />
            {card.title}
          </p>
          <ul className="mt-5 space-y-3" aria-label={`${card.title} features`}>
            {card.features.map((feature) => (
              <li key={feature} className="flex gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </li>
  );
}
