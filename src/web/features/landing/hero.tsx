import { Music } from "lucide-react";
import { HeroArt } from "./hero-art";
import { HeroSearch } from "./hero-search";
import { PopularLinks } from "./popular-links";
import { SectionContainer } from "./section-container";

export function Hero() {
  return (
    <section aria-labelledby="landing-hero-title" className="overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <SectionContainer className="grid items-center gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem] lg:py-24">
        <div className="min-w-0 space-y-8">
          <div className="space-y-5">
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700">
              <Music aria-hidden="true" className="size-4" />
              Music lessons for children
            </p>
            <h1 id="landing-hero-title" className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl">
              Personalised <span className="whitespace-nowrap">1-on-1</span> music lessons{" "}
              <span className="text-brand-700">for your child</span>
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-slate-600">
              Find a teacher for piano, guitar, violin, voice and more, in person near you or online, each one reviewed by our
              team before families can find them. Start with a free intro call.
            </p>
          </div>
          <HeroSearch />
          <PopularLinks />
        </div>
        <div className="hidden lg:block">
          <HeroArt />
        </div>
      </SectionContainer>
    </section>
  );
}
