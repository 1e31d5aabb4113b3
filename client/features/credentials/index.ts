// The credentials feature's public surface: the buttons a certificate (and later a passport skill) shows.
export { CredentialActions, credentialPagePath } from './components/credential-actions';
