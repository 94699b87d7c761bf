<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="es_ES">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Cat card games for LAN parties: peer to peer, no server, fair by cryptography.&lt;/p&gt;&lt;p&gt;Network protocol %2: laptops at one table need the same protocol.&lt;/p&gt;&lt;p&gt;Free software under the MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;lanpurr %1&lt;/h2&gt;&lt;p&gt;Juegos de cartas de gatos para fiestas LAN: de igual a igual, sin servidor, justos gracias a la criptografía.&lt;/p&gt;&lt;p&gt;Protocolo de red %2: los portátiles de una misma mesa necesitan el mismo protocolo.&lt;/p&gt;&lt;p&gt;Software libre con licencia MIT.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About lanpurr</source>
        <translation>Acerca de lanpurr</translation>
    </message>
</context>
<context>
    <name>LobbyButtons</name>
    <message>
        <source>Let the laptops around you install lanpurr from this one, with no internet</source>
        <translation>Deja que los portátiles a tu alrededor instalen lanpurr desde este, sin internet</translation>
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