"""Finding tables on the LAN with mDNS (zeroconf), and announcing this laptop's own table. What a
listing says is net.listing, which needs no mDNS.
"""
