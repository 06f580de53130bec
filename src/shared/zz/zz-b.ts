import { a } from "./zz-a";
export const b = () => a;
