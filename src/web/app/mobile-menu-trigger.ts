/** Shared by the phone menu's button and its stand-in in the top bar, so the swap does not move anything. */
export const MENU_TRIGGER_CLASS = "rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden";
