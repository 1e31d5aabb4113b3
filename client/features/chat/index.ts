// The chat feature's public surface: "Message" for profiles and later areas, and the shell's Chat entries.
export { MessageButton } from './components/message-button';
export { ChatHeaderLink, ChatMenuLink } from './components/chat-nav';
export { applySentChat } from './api/sent-writes';
