// The wallet feature's public surface.
export { WalletPage } from './components/wallet-page';
