"""Fair play without a trusted dealer: a game-independent toolbox.

Pure code (no sockets, no asyncio): messages in, messages out. Signed envelopes and logs
(`envelope`), long-term identities (`identity`), commitments and joint randomness, the masked
deck in the ristretto255 group, private dealing, blind draws from a hidden hand, and the
end-of-round audit. See docs/fair-play.md for the threat model and every protocol step.
"""
