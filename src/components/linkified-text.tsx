const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its http(s) URLs as links; everything else stays text (React escapes it). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
