import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { brand } from "../../mail/messages";
import { secondFactorStoreRepository, signInLimitsRepository } from "../../store/repositories";
import { createSecondFactors, type SecondFactorService } from "./second-factors";

// `app.secondFactors`: each person's passkeys, authenticator and recovery
// codes, over their rows (the store's `secondFactorStore`, registered here so
// one registration in app.ts brings both). The routes read the whole service
// under a symbol; the rest of the team reads `secondFactors`.

export const SECOND_FACTORS = Symbol("second factors");

declare module "fastify" {
  interface FastifyInstance {
    [SECOND_FACTORS]: SecondFactorService;
  }
}

export interface SecondFactorsOptions {
  /** Tests pass their own clock (authenticator codes are a function of the time). */
  now?: () => number;
}

export const secondFactorsPlugin = fp(
  async (app: FastifyInstance, { now }: SecondFactorsOptions) => {
    if (!app.hasDecorator("secondFactorStore")) await app.register(secondFactorStoreRepository);
    if (!app.hasDecorator("signInLimits")) await app.register(signInLimitsRepository);
    const service = createSecondFactors({ store: app.secondFactorStore, limits: app.signInLimits, secret: app.secrets.session, siteName: brand.name, publicSiteUrl: app.config.publicSiteUrl, now, log: app.log });
    app.decorate(SECOND_FACTORS, service);
    app.decorate("secondFactors", service);
  },
  { name: "second-factors", dependencies: ["database", "secrets"] },
);
