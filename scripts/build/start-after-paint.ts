// The page's loader in place of React Router's bootstrap (postbuild.ts writes it,
// bundled by esbuild, with the page's StartPlan as JSON on its own element). It
// does what the bootstrap does, in the same order, only later and in steps:
// on a slow phone the first paint no longer queues behind the bundle, and
// evaluating it is three tasks (React and the router, the site's modules,
// hydration), not one long one.
// 1. Waits for the frame after the first paint (or 500 ms, for a background
//    tab, where frames do not run).
// 2. Preloads the bundle, so it downloads in parallel; React finds these links
//    when it hydrates <head> and does not add them twice.
// 3. Imports the manifest, then the framework (a task), then the route modules
//    (a task), names them for React Router as its bootstrap does, and imports
//    the client entry, which hydrates.
import { START_PLAN_ATTRIBUTE, type StartPlan } from "./start-plan";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const afterFirstPaint = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 500);
  });

async function start(plan: StartPlan) {
  await afterFirstPaint();
  for (const href of plan.preload) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  for (const href of plan.effects) await import(href);
  for (const href of plan.framework) {
    await import(href);
    await nextTask();
  }
  const modules = await Promise.all(plan.routes.map(([, href]) => import(href)));
  Object.assign(window, { __reactRouterRouteModules: Object.fromEntries(plan.routes.map(([id], index) => [id, modules[index]])) });
  await nextTask();
  await import(plan.entry);
}

const plan = document.querySelector(`script[${START_PLAN_ATTRIBUTE}]`)?.getAttribute(START_PLAN_ATTRIBUTE);
if (!plan) throw new Error(`start-after-paint: no ${START_PLAN_ATTRIBUTE} on the page, so it will not hydrate`);
void start(JSON.parse(plan) as StartPlan);
