import { finished } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { limits } from "../../contract/lead";

// Turns the three accepted encodings into one flat record of fields. Files are
// never stored: each file stream is drained and the request is refused.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type Fields = Record<string, unknown>;

/** Multipart limits: a form of a few short fields, nothing more. */
export const multipartLimits = {
  fieldNameSize: 100,
  fieldSize: limits.bodyBytes,
  fields: 20,
  fileSize: limits.bodyBytes,
  files: 5,
  parts: 25,
  headerPairs: 50,
};

async function readMultipart(request: FastifyRequest): Promise<Fields> {
  const fields: Record<string, unknown> = Object.create(null);
  let bytes = 0;
  let sawFile = false;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      sawFile = true;
      // Read and discard: the bytes go nowhere, but the request must be consumed.
      part.file.resume();
      // finished(), not a wait for "end": a body cut off inside the file closes
      // its stream without an "end", and waiting for one would hold the request.
      await finished(part.file);
      continue;
    }
    const value = typeof part.value === "string" ? part.value : String(part.value);
    bytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
    if (bytes > limits.bodyBytes) throw new HttpError(413, "body too large");
    const previous = fields[part.fieldname];
    // A repeated field becomes a list, as urlencoded parsing does; the schema then rejects it.
    fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  if (sawFile) throw new HttpError(415, "files are not accepted");
  return fields;
}

/** The submitted fields, or an HttpError (400 unreadable, 413, 415). */
export async function readFields(request: FastifyRequest): Promise<Fields> {
  if (request.isMultipart()) {
    try {
      return await readMultipart(request);
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === "number" && status >= 400 && status < 500) throw error;
      // Anything else the multipart parser throws is a malformed body (e.g. "Unexpected end of form").
      throw new HttpError(400, "malformed multipart body", { cause: error });
    }
  }
  const body = request.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, "body is not a set of fields");
  return body as Fields;
}
