import { Hono } from "hono";
import { fillSignInLabel } from "../../web/lib/zz-web-value";
export const leaked = [Hono, fillSignInLabel];
