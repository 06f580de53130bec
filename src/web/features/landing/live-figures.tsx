import { landingFigures } from "../../../shared/landing/landing.rules";
import { SectionContainer } from "./section-container";
import { useLandingStats } from "./use-landing-stats";

/**
 * Real counts from the database (decisions.md): while loading, a blank placeholder of the same
 * height; on error or when every figure is zero, nothing at all, never invented numbers.
 */
export function LiveFigures() {
  const stats = useLandingStats();

  if (stats.isPending) {
    return (
      <SectionContainer>
        <div aria-hidden="true" className="h-[17rem] animate-pulse rounded-3xl bg-slate-100 motion-reduce:animate-none sm:h-44" />
      </SectionContainer>
    );
  }
  if (stats.isError) return null;

  const figures = landingFigures(stats.data);
  if (figures.length === 0) return null;

  return (
    <section aria-labelledby="landing-figures-title">
      <SectionContainer>
        <div className="rounded-3xl bg-brand-700 px-4 py-10 text-white sm:px-10">
          <h2 id="landing-figures-title" className="sr-only">
            Music Lessons in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-8 sm:flex sm:flex-wrap sm:justify-around sm:gap-x-10 [&>*:last-child:nth-child(odd)]:col-span-2">
            {figures.map((figure) => (
              <div key={figure.label} className="flex min-w-0 flex-col-reverse items-center text-center sm:min-w-[8rem]">
                <dt className="mt-1 text-sm font-medium text-brand-50 sm:text-base">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight sm:text-5xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </SectionContainer>
    </section>
  );
}
