import { lazy, Suspense, useSyncExternalStore, type ComponentType } from "react";

const noSubscription = () => () => {};

/** False while React hydrates the pre-rendered page, true from the next render on (and at once after client navigation). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A component whose code is fetched only once the page has hydrated, so the
 * JavaScript a page needs before it responds stays small. For parts that are
 * not in the pre-rendered HTML anyway (banners that depend on localStorage,
 * buttons that appear on scroll, a closed dialog): it renders nothing until
 * its chunk has arrived.
 */
export function afterHydration<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props> {
  const Loaded = lazy(load);
  function AfterHydration(props: Props) {
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return AfterHydration;
}
