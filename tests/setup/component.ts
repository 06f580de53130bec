// Component tests (Vitest + Testing Library in happy-dom): jest-dom matchers and a clean DOM per test.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());
