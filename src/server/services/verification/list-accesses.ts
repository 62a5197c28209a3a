/**
 * The latest accesses shown with a document: enough to see who looked lately, never a list without end. They are read
 * with the document in its one statement (access/document-state.ts).
 */
export const SHOWN_ACCESSES = 100;
