/**
 * The description of a 4.46 about a goods line the document does not have (contract §4, §14): the code is the
 * specification's "adding new structured goods not allowed", whose phrase misleads when a reservation or a
 * correction merely names a line that is not there (issue 35). Says which id and where the ids are.
 */
export function unknownGoodsLine(productId: number | undefined): string {
  const named = productId === undefined ? 'No productId was given' : `No structured goods line of this document has productId ${productId}`;
  return `${named}: name the lines by the productId each entry of the document's structuredGoods carries (lines cannot be added after issue).`;
}
