// Which image contents the messages screen shows (docs/product.md#input-rules): only an object of
// message-images inside the message's own conversation folder, as the database's messages_image_path
// check accepts; anything else, an https URL included, is never loaded nor linked.
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True when `content` is `{conversationId}/{file}`, the only image content the database accepts. */
export function isConversationImagePath(content: string, conversationId: string): boolean {
  const prefix = `${conversationId}/`;
  return content.startsWith(prefix) && FILE_NAME.test(content.slice(prefix.length));
}
