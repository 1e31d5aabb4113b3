// The wallet feature's public surface: the page, and the list of a wallet's lines the console's member page shows too.
export { WalletPage } from './components/wallet-page';
export { BUCKET_LABELS, WalletEntryList } from './components/wallet-entries';
