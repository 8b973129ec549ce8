import { useCallback, useEffect, useState } from "react";
import { STATUS_MESSAGE_MS } from "~/data/constants";

export type FormStatus = "idle" | "loading" | "success" | "error";

/**
 * A form's status whose messages (success, error) return to idle `durationMs`
 * after they were last set; setting the same message again restarts the time.
 * Loading lasts until the answer arrives: clearing it early would re-enable the
 * button mid-request and hide whether the request went through.
 */
export function useTimedStatus(durationMs: number = STATUS_MESSAGE_MS) {
  // A fresh object on every set, so a repeated message restarts its timer.
  const [state, setState] = useState<{ status: FormStatus }>({ status: "idle" });
  const setStatus = useCallback((status: FormStatus) => setState({ status }), []);
  useEffect(() => {
    if (state.status === "idle" || state.status === "loading") return;
    const timer = window.setTimeout(() => setState({ status: "idle" }), durationMs);
    return () => window.clearTimeout(timer);
  }, [state, durationMs]);
  return [state.status, setStatus] as const;
}
