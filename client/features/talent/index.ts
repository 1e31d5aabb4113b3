// The talent feature's public surface: its lazy screens are routed from client/app/router.tsx by path.
export { formatBudget } from './format';
