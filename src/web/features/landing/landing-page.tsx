import { useAfterFirstPaint } from "../../lib/use-after-first-paint";
import { Claims } from "./claims";
import { FlipCards } from "./flip-cards";
import { Hero } from "./hero";
import { LandingFooter } from "./landing-footer";
import { LiveFigures } from "./live-figures";

/** The page for "/" (react-router lazy route module). The top bar comes from the app layout. */
export function Component() {
  // The sections below the hero are drawn right after it has painted: on a phone that splits one
  // long task in two, and the hero (the page's largest paint) shows sooner.
  const painted = useAfterFirstPaint();
  return (
    <main className="flex flex-1 flex-col">
      <Hero />
      {painted ? (
        <>
          <Claims />
          <LiveFigures />
          <FlipCards />
          <LandingFooter />
        </>
      ) : null}
    </main>
  );
}
