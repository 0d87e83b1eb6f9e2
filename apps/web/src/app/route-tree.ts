import { createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The app's route tree, for the screens that read the other screens' rules (the side navigation, the
 * layout's access check, the audit log's links to what an entry is about). Given by the entry point
 * beside the router that holds it, so the layout and the pages never import the router that lazily
 * imports them (imports go one way: the router composes them).
 */
export const RouteTreeContext = createContext<RouteObject[]>([]);

export const useRouteTree = (): RouteObject[] => useContext(RouteTreeContext);
