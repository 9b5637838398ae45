// Doc ids of the relay-server fixtures.
export const RELAY_ID = "cb696037-0f72-4e93-8717-4e433129d789";
export const FOLDER_UUID = "0cfaf813-05c4-471f-ad4a-f0d1593e7679";
export const FOLDER_DOC_ID = `${RELAY_ID}-${FOLDER_UUID}`;
export const CRITIC_DOC_ID = `${RELAY_ID}-10f9d5dc-93f3-42ec-b78c-d55ca0751aa9`;
export const COMMENT_DOC_ID = `${RELAY_ID}-0ba59469-b0a7-4250-a7e2-b67f42e77d8b`;
export const EMPTY_DOC_ID = "P5ACZeUe6xsd6f5b0SwvX";
export const FIXTURE_DOC_IDS = [FOLDER_DOC_ID, CRITIC_DOC_ID, COMMENT_DOC_ID, EMPTY_DOC_ID];
