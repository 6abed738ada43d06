import { Route, Routes } from 'react-router-dom';
import { TradingScreen } from './screens/trading';

/** The module's routes; the shell mounts this component for `/trading`. */
export default function TradingRoutes() {
  return (
    <Routes>
      <Route path="/trading" element={<TradingScreen />} />
    </Routes>
  );
}
