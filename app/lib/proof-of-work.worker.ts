import { solveChallenge } from "altcha-lib/v1";

// Solves one ALTCHA challenge off the main thread; answers the number, or null.

interface ChallengeMessage {
  algorithm: string;
  challenge: string;
  salt: string;
  maxnumber: number;
}

// The worker's global scope, typed without pulling the whole WebWorker library into the project.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ChallengeMessage>) => void) | null; postMessage(message: number | null): void };

scope.onmessage = (event) => {
  const { algorithm, challenge, salt, maxnumber } = event.data;
  solveChallenge(challenge, salt, algorithm, maxnumber).promise.then(
    (solution) => scope.postMessage(solution ? solution.number : null),
    () => scope.postMessage(null),
  );
};
