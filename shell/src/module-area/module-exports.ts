import { createElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';

/**
 * Turns what a module's `./routes` expose gives us into one component. The contract (docs/architecture.md)
 * is a default-exported component rendering `<Routes>` with absolute paths; a `routes` array of route
 * objects, or a route element, are accepted as well.
 */
export function componentFromExpose(exposed: unknown): ComponentType {
  const namespace = (typeof exposed === 'object' && exposed !== null ? exposed : {}) as {
    default?: unknown;
    routes?: unknown;
  };
  const candidate = namespace.routes ?? namespace.default ?? exposed;
  if (Array.isArray(candidate)) {
    const routes = candidate as RouteObject[];
    return function ModuleRouteList() {
      return useRoutes(routes);
    };
  }
  if (isValidElement(candidate)) {
    const element = candidate as ReactElement;
    return function ModuleRouteElement() {
      return element;
    };
  }
  if (
    typeof candidate === 'function' ||
    (typeof candidate === 'object' && candidate !== null && '$$typeof' in candidate)
  ) {
    const Component = candidate as ComponentType;
    return function ModuleRoutes() {
      return createElement(Component);
    };
  }
  throw new Error('the module’s ./routes expose is neither a component nor a list of routes');
}
