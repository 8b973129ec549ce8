// For bench/observatory.ts: what a proxy on port 80 does in production, every
// plain-HTTP request answered with a 301 to the same path over HTTPS.
import Fastify from "fastify";

const target = process.env.TARGET ?? "https://localhost";
const app = Fastify({ logger: false });
app.all("/*", (request, reply) => reply.redirect(`${target}${request.url}`, 301));
await app.listen({ port: Number(process.env.PORT ?? 4312), host: "localhost" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
