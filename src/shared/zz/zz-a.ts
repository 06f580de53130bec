import { b } from "./zz-b";
export const a = () => b;
