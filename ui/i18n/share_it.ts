<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Cat card games for LAN parties: peer to peer, no server, fair by cryptography.&lt;/p&gt;&lt;p&gt;Network protocol %2: laptops at one table need the same protocol.&lt;/p&gt;&lt;p&gt;Free software under the MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Giochi di carte coi gatti per le feste in LAN: da pari a pari, senza server, leali grazie alla crittografia.&lt;/p&gt;&lt;p&gt;Protocollo di rete %2: i portatili allo stesso tavolo devono avere lo stesso protocollo.&lt;/p&gt;&lt;p&gt;Software libero con licenza MIT.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This laptop's fingerprint: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Players who join your tables by address compare it with the one their screen shows.&lt;/p&gt;</source>
        <translation>&lt;p&gt;L'impronta di questo portatile: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Chi entra ai tuoi tavoli con l'indirizzo la confronta con quella che vede sul suo schermo.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About lanpurr</source>
        <translation>Informazioni su lanpurr</translation>
    </message>
</context>
<context>
    <name>HelpBox</name>
    <message>
        <source>none</source>
        <translation>nessuno</translation>
    </message>
    <message>
        <source>&lt;h3&gt;No table found?&lt;/h3&gt;&lt;p&gt;Laptops find each other's tables by a kind of broadcast that some networks block.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Guest or hotel Wi-Fi&lt;/b&gt; often keeps laptops apart. Use a network of your own, or a phone's hotspot that every laptop joins.&lt;/li&gt;&lt;li&gt;&lt;b&gt;A firewall&lt;/b&gt; may stop lanpurr: allow it on private networks (on Windows, answer Allow when asked).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Join by address&lt;/b&gt; works even when tables are not listed: the host's lobby shows its address at the bottom; type it in Join by address. The port after the colon may be left out.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;This laptop's address: %1&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Nessun tavolo trovato?&lt;/h3&gt;&lt;p&gt;I portatili trovano i tavoli degli altri con una specie di annuncio che alcune reti bloccano.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Il Wi-Fi ospiti o di un albergo&lt;/b&gt; spesso tiene separati i portatili. Usate una rete vostra, o l'hotspot di un telefono a cui si collegano tutti.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Un firewall&lt;/b&gt; può fermare lanpurr: permettilo sulle reti private (su Windows, rispondi Consenti quando te lo chiede).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Entra con l'indirizzo&lt;/b&gt; funziona anche quando i tavoli non compaiono: la sala di chi ospita mostra il suo indirizzo in basso; scrivilo in Entra con l'indirizzo. La porta dopo i due punti si può omettere.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;L'indirizzo di questo portatile: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No table found?</source>
        <translation>Nessun tavolo trovato?</translation>
    </message>
</context>
<context>
    <name>LobbyButtons</name>
    <message>
        <source>Let the laptops around you install lanpurr from this one, with no internet</source>
        <translation>Fai installare lanpurr da questo portatile a quelli intorno a te, senza internet</translation>
    </message>
    <message>
        <source>Help: rules, no table found, about lanpurr</source>
        <translation>Aiuto: regole, nessun tavolo trovato, informazioni su lanpurr</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Aiuto</translation>
    </message>
    <message>
        <source>How to play %1</source>
        <translation>Come si gioca a %1</translation>
    </message>
    <message>
        <source>No table found?</source>
        <translation>Nessun tavolo trovato?</translation>
    </message>
    <message>
        <source>About lanpurr</source>
        <translation>Informazioni su lanpurr</translation>
    </message>
    <message>
        <source>Sharing lanpurr…</source>
        <translation>Condivido lanpurr…</translation>
    </message>
    <message>
        <source>Give lanpurr</source>
        <translation>Passa lanpurr</translation>
    </message>
</context>
<context>
    <name>ShareDialog</name>
    <message>
        <source>There is nothing to give yet: lanpurr shares its kit (the apps for each system and the Python wheels). Make one at home, with the internet, by running python3 packaging/build.py in lanpurr's source folder, then choose its dist/kit folder here.</source>
        <translation>Non c'è ancora niente da passare: lanpurr condivide il suo kit (le app per ogni sistema e le wheel di Python). Preparalo a casa, con internet, eseguendo python3 packaging/build.py nella cartella dei sorgenti di lanpurr, poi scegli qui la sua cartella dist/kit.</translation>
    </message>
    <message>
        <source>Give lanpurr to a friend</source>
        <translation>Passa lanpurr a un amico</translation>
    </message>
    <message>
        <source>Friends on this network can install lanpurr from this laptop, with no internet: they open the address below in a web browser and follow the steps for their system.</source>
        <translation>Gli amici su questa rete possono installare lanpurr da questo portatile, senza internet: aprono l'indirizzo qui sotto in un browser e seguono i passi per il loro sistema.</translation>
    </message>
    <message>
        <source>Start sharing</source>
        <translation>Inizia a condividere</translation>
    </message>
    <message>
        <source>Stop sharing</source>
        <translation>Smetti di condividere</translation>
    </message>
    <message>
        <source>Choose the kit folder…</source>
        <translation>Scegli la cartella del kit…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>On another network of this laptop: %1</source>
        <translation>Su un'altra rete di questo portatile: %1</translation>
    </message>
    <message>
        <source>Sharing from %1. It stops when you press Stop or quit lanpurr.</source>
        <translation>Condivido da %1. Si ferma quando premi Smetti o chiudi lanpurr.</translation>
    </message>
    <message>
        <source>Not sharing.</source>
        <translation>Nessuna condivisione in corso.</translation>
    </message>
    <message>
        <source>Packing this copy of lanpurr so that it can be given (about ten seconds)…</source>
        <translation>Preparo questa copia di lanpurr per poterla passare (circa dieci secondi)…</translation>
    </message>
    <message>
        <source>%1 downloaded %2 (%3 downloads so far).</source>
        <translation>%1 ha scaricato %2 (%3 download finora).</translation>
    </message>
    <message>
        <source>The lanpurr kit folder</source>
        <translation>La cartella del kit di lanpurr</translation>
    </message>
</context>
</TS>
