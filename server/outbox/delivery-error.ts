/** A failed delivery: `permanent` when trying again cannot help (the recipient was rejected). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly permanent: boolean;
  readonly response?: string;
  constructor(message: string, { permanent = false, response }: { permanent?: boolean; response?: string } = {}) {
    super(message);
    this.permanent = permanent;
    this.response = response;
  }
}
