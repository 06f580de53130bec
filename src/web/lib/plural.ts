/** "1 lesson", "3 lessons": a count with the word that fits it. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
