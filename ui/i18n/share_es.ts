<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Cat card games for LAN parties: peer to peer, no server, fair by cryptography.&lt;/p&gt;&lt;p&gt;Network protocol %2: laptops at one table need the same protocol.&lt;/p&gt;&lt;p&gt;Free software under the MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Juegos de cartas de gatos para fiestas LAN: de igual a igual, sin servidor, justos gracias a la criptografía.&lt;/p&gt;&lt;p&gt;Protocolo de red %2: los portátiles de una misma mesa necesitan el mismo protocolo.&lt;/p&gt;&lt;p&gt;Software libre con licencia MIT.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This laptop's fingerprint: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Players who join your tables by address compare it with the one their screen shows.&lt;/p&gt;</source>
        <translation>&lt;p&gt;La huella de este portátil: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Quien se une a tus mesas por dirección la compara con la que ve en su pantalla.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About lanpurr</source>
        <translation>Acerca de lanpurr</translation>
    </message>
</context>
<context>
    <name>HelpBox</name>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>&lt;h3&gt;No table found?&lt;/h3&gt;&lt;p&gt;Laptops find each other's tables by a kind of broadcast that some networks block.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Guest or hotel Wi-Fi&lt;/b&gt; often keeps laptops apart. Use a network of your own, or a phone's hotspot that every laptop joins.&lt;/li&gt;&lt;li&gt;&lt;b&gt;A firewall&lt;/b&gt; may stop lanpurr: allow it on private networks (on Windows, answer Allow when asked).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Join by address&lt;/b&gt; works even when tables are not listed: the host's lobby shows its address at the bottom; type it in Join by address. The port after the colon may be left out.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;This laptop's address: %1&lt;/p&gt;</source>
        <translation>&lt;h3&gt;¿No aparece ninguna mesa?&lt;/h3&gt;&lt;p&gt;Los portátiles encuentran las mesas de los demás con una especie de anuncio que algunas redes bloquean.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;El Wi-Fi de invitados o de un hotel&lt;/b&gt; a menudo separa los portátiles. Usad una red vuestra, o el punto de acceso de un móvil al que se conecten todos.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Un cortafuegos&lt;/b&gt; puede bloquear lanpurr: permítelo en las redes privadas (en Windows, responde Permitir cuando lo pregunte).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Unirse por dirección&lt;/b&gt; funciona aunque las mesas no aparezcan: la pantalla inicial del anfitrión muestra su dirección abajo; escríbela en Unirse por dirección. El puerto tras los dos puntos se puede omitir.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;La dirección de este portátil: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No table found?</source>
        <translation>¿No aparece ninguna mesa?</translation>
    </message>
</context>
<context>
    <name>LobbyButtons</name>
    <message>
        <source>Let the laptops around you install lanpurr from this one, with no internet</source>
        <translation>Deja que los portátiles a tu alrededor instalen lanpurr desde este, sin internet</translation>
    </message>
    <message>
        <source>Help: rules, no table found, about lanpurr</source>
        <translation>Ayuda: reglas, no aparece ninguna mesa, acerca de lanpurr</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Ayuda</translation>
    </message>
    <message>
        <source>How to play %1</source>
        <translation>Cómo se juega a %1</translation>
    </message>
    <message>
        <source>No table found?</source>
        <translation>¿No aparece ninguna mesa?</translation>
    </message>
    <message>
        <source>About lanpurr</source>
        <translation>Acerca de lanpurr</translation>
    </message>
    <message>
        <source>Sharing lanpurr…</source>
        <translation>Compartiendo lanpurr…</translation>
    </message>
    <message>
        <source>Give lanpurr</source>
        <translation>Pasar lanpurr</translation>
    </message>
</context>
<context>
    <name>ShareDialog</name>
    <message>
        <source>There is nothing to give yet: lanpurr shares its kit (the apps for each system and the Python wheels). Make one at home, with the internet, by running python3 packaging/build.py in lanpurr's source folder, then choose its dist/kit folder here.</source>
        <translation>Todavía no hay nada que pasar: lanpurr comparte su kit (las aplicaciones para cada sistema y las wheels de Python). Prepáralo en casa, con internet, ejecutando python3 packaging/build.py en la carpeta del código de lanpurr, y luego elige aquí su carpeta dist/kit.</translation>
    </message>
    <message>
        <source>Give lanpurr to a friend</source>
        <translation>Pasar lanpurr a un amigo</translation>
    </message>
    <message>
        <source>Friends on this network can install lanpurr from this laptop, with no internet: they open the address below in a web browser and follow the steps for their system.</source>
        <translation>Los amigos en esta red pueden instalar lanpurr desde este portátil, sin internet: abren la dirección de abajo en un navegador y siguen los pasos para su sistema.</translation>
    </message>
    <message>
        <source>Start sharing</source>
        <translation>Empezar a compartir</translation>
    </message>
    <message>
        <source>Stop sharing</source>
        <translation>Dejar de compartir</translation>
    </message>
    <message>
        <source>Choose the kit folder…</source>
        <translation>Elegir la carpeta del kit…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>On another network of this laptop: %1</source>
        <translation>En otra red de este portátil: %1</translation>
    </message>
    <message>
        <source>Sharing from %1. It stops when you press Stop or quit lanpurr.</source>
        <translation>Compartiendo desde %1. Se detiene cuando pulsas Dejar o cierras lanpurr.</translation>
    </message>
    <message>
        <source>Not sharing.</source>
        <translation>No se está compartiendo.</translation>
    </message>
    <message>
        <source>Packing this copy of lanpurr so that it can be given (about ten seconds)…</source>
        <translation>Preparando esta copia de lanpurr para poder pasarla (unos diez segundos)…</translation>
    </message>
    <message>
        <source>%1 downloaded %2 (%3 downloads so far).</source>
        <translation>%1 descargó %2 (%3 descargas hasta ahora).</translation>
    </message>
    <message>
        <source>The lanpurr kit folder</source>
        <translation>La carpeta del kit de lanpurr</translation>
    </message>
</context>
</TS>
