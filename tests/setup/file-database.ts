import { afterAll } from "vitest";
import { dropFileDatabase } from "../fixtures/file-database";

// Registered before the file's own hooks, so it runs after them (afterAll hooks run in reverse):
// the file's apps are closed by then.
afterAll(() => dropFileDatabase());
