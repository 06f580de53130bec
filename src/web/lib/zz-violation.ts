import { createApp } from "../../server/app";
export const leaked = createApp;
