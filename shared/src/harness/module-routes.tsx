import { createElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';

/** What a module's `./routes` expose provides: its routes component (the contract), a route list or element. */
export type ModuleRoutesExport = ComponentType | RouteObject[] | ReactElement;

/** One component for whichever form the module uses (the shell accepts the same forms). */
export function routesComponent(routes: ModuleRoutesExport): ComponentType {
  if (Array.isArray(routes)) {
    return function StandaloneRouteList() {
      return useRoutes(routes);
    };
  }
  if (isValidElement(routes)) {
    return function StandaloneRouteElement() {
      return routes;
    };
  }
  const Component = routes as ComponentType;
  return function StandaloneRoutes() {
    return createElement(Component);
  };
}
