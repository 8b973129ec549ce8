import { useEffect, useState } from "react";

/**
 * What an emailed link (an invitation, a password reset) is for, looked up
 * once its screen opens: "loading", then the answer, or "failed" when the
 * server could not be reached. A link the server no longer knows (used,
 * expired, withdrawn) calls onGone instead.
 */
export function useEmailedLink<T>(lookUp: (token: string) => Promise<T | null>, token: string, onGone: () => void): T | "loading" | "failed" {
  const [answer, setAnswer] = useState<T | "loading" | "failed">("loading");
  useEffect(() => {
    let live = true;
    lookUp(token).then(
      (found) => {
        if (!live) return;
        if (found) setAnswer(found);
        else onGone();
      },
      () => live && setAnswer("failed"),
    );
    return () => {
      live = false;
    };
  }, [lookUp, token, onGone]);
  return answer;
}
