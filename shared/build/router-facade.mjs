// What the apps use of react-router-dom, and only that: the page's one router (a shared singleton) is this
// module instead of the whole package. Shared modules are never tree-shaken, and react-router 7 ships its
// server rendering, data routers and RSC support in the same entry: 56 KB brotli as a whole, 15 KB for the
// part below. React Router 7 exports all of these from `react-router` itself.
//
// Adding a name the apps import from 'react-router-dom' is a one-line change here. Until it is added, the
// app's build fails (RouterFacadeGuardPlugin in webpack.cjs) and so does a shell test
// (shell/src/routes/router-facade.test.ts), instead of the name being undefined in the built site.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
