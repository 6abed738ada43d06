// Async boundary: shared singletons (react, mobx, the SDK...) are negotiated before any of them runs.
import('./bootstrap');
