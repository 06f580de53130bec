// Component tests (Vitest + Testing Library in happy-dom): jest-dom matchers and a clean DOM per test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s instead of 1 s: a lazily loaded dialog took longer than a second to
// appear when CI's machine was busy (account-suspended-notice.test.tsx), which is not a defect.
configure({ asyncUtilTimeout: 5_000 });
