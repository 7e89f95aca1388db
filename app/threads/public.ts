/**
 * What the threads area lends the rest of the browser side: the messages panel any record's screen
 * shows (a supplier's details, an application, a notice or report), a message attachment's download
 * button (the team's application review shows answered files with it) and how a thread's subject
 * is named (the team app's supplier screen lists a supplier's threads), and one message and the
 * message form (the agency's screen of a disputed engagement notice shows that conversation). Other
 * areas import threads through this file and its paths and routes only (.dependency-cruiser.cjs).
 */
export { AttachmentDownload } from './attachment-download';
export { MessageForm } from './message-form';
export { MessagesPanel } from './messages-panel';
export { MessageItem } from './thread-item';
export { threadSubject } from './thread-subjects';
export { ThreadStatusTag } from './thread-subject-link';
