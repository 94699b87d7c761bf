<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>GuttersTable</name>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n pt</numerusform>
            <numerusform>%n pts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cats</source>
        <translation>
            <numerusform>%n cat</numerusform>
            <numerusform>%n cats</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MomistigriTable</name>
    <message numerus="yes">
        <source>{name} drew %n card(s) from your hand.</source>
        <translation>
            <numerusform>{name} drew %n card from your hand.</numerusform>
            <numerusform>{name} drew %n cards from your hand.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You drew %n card(s) from {name}.</source>
        <translation>
            <numerusform>You drew %n card from {name}.</numerusform>
            <numerusform>You drew %n cards from {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{drawer} drew %n card(s) from {holder}.</source>
        <translation>
            <numerusform>{drawer} drew %n card from {holder}.</numerusform>
            <numerusform>{drawer} drew %n cards from {holder}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n pt</numerusform>
            <numerusform>%n pts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PurrfectTable</name>
    <message numerus="yes">
        <source>You offer %n card(s): {word}!</source>
        <translation>
            <numerusform>You offer %n card: {word}!</numerusform>
            <numerusform>You offer %n cards: {word}!</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} offers %n card(s): {word}!</source>
        <translation>
            <numerusform>{name} offers %n card: {word}!</numerusform>
            <numerusform>{name} offers %n cards: {word}!</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{a} and {b} swapped %n card(s).</source>
        <translation>
            <numerusform>{a} and {b} swapped %n card.</numerusform>
            <numerusform>{a} and {b} swapped %n cards.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>To accept this offer, first select %n card(s) of one cat.</source>
        <translation>
            <numerusform>To accept this offer, first select %n card of one cat.</numerusform>
            <numerusform>To accept this offer, first select %n cards of one cat.</numerusform>
        </translation>
    </message>
</context>
</TS>
