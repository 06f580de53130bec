import { useCallback, useEffect, useState } from "react";

/**
 * A message that shows for `ms` then clears itself (spec: success banners last 3 seconds).
 * `show` again restarts the time; `clear` hides it at once (e.g. when the form is sent again).
 *
 *   const saved = useFlash(3000);
 *   onSuccess: () => saved.show("Settings saved successfully!")
 *   {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
 */
export function useFlash<T = string>(ms: number) {
  // A new object on every show, so the same message shown twice still restarts the timer.
  const [flash, setFlash] = useState<{ message: T } | null>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);

  const show = useCallback((message: T) => setFlash({ message }), []);
  const clear = useCallback(() => setFlash(null), []);
  return { message: flash ? flash.message : null, show, clear };
}
